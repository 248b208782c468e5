import { Svg, type IconProps } from './svg';

export function EpisodesIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="4" width="17" height="16" rx="2" />
      <path d="M8 9h8M8 12.5h8M8 16h5" />
    </Svg>
  );
}
