import { Svg, type IconProps } from './svg';

export function MutedIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4Z" />
      <path d="m16 9.5 5 5m0-5-5 5" />
    </Svg>
  );
}
