import { Svg, type IconProps } from './svg';

export function BookmarkFilledIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        d="M6.5 3.5h11a.5.5 0 0 1 .5.5v16.5a.5.5 0 0 1-.8.4L12 16.6l-5.2 4.3a.5.5 0 0 1-.8-.4V4a.5.5 0 0 1 .5-.5Z"
        fill="currentColor"
        stroke="none"
      />
    </Svg>
  );
}
