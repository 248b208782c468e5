// hls.js publishes its light build (no alternate audio, subtitles, DRM or CMCD: none of which the
// product uses) without a declaration file of its own; it has the full build's API.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
