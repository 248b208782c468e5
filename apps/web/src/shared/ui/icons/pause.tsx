import { Svg, type IconProps } from './svg';

export function PauseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="6.5" y="5" width="4" height="14" rx="1" fill="currentColor" stroke="none" />
      <rect x="13.5" y="5" width="4" height="14" rx="1" fill="currentColor" stroke="none" />
    </Svg>
  );
}
