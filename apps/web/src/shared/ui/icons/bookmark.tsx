import { Svg, type IconProps } from './svg';

export function BookmarkIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6.5 4h11v16.5L12 16l-5.5 4.5Z" />
    </Svg>
  );
}
