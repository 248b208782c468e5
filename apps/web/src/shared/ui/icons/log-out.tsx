import { Svg, type IconProps } from './svg';

export function LogOutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 4.5H6.5a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2H14M10 12h10m0 0-3.5-3.5M20 12l-3.5 3.5" />
    </Svg>
  );
}
