import { Svg, type IconProps } from './svg';

export function HistoryIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5M3.5 4v4.5H8" />
      <path d="M12 8v4.5l3 2" />
    </Svg>
  );
}
