import { Svg, type IconProps } from './svg';

export function ShareIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 15V4m0 0L8 8m4-4 4 4" />
      <path d="M6 11H5a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7a1 1 0 0 0-1-1h-1" />
    </Svg>
  );
}
