import { Svg, type IconProps } from './svg';

export function CrownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3.5 8 7.5 12 12 5l4.5 7 4-4-1.5 10.5h-14Z" />
    </Svg>
  );
}
