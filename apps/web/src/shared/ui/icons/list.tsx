import { Svg, type IconProps } from './svg';

export function ListIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M12 8v8M8 12h8" />
    </Svg>
  );
}
