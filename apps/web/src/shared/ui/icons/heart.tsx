import { Svg, type IconProps } from './svg';

/** A heart; `filled` for a series the viewer likes. */
export function HeartIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...props}>
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.3A4.2 4.2 0 0 1 8.7 6c1.4 0 2.6.7 3.3 1.8A3.9 3.9 0 0 1 15.3 6a4.2 4.2 0 0 1 4.2 4.2c0 5.7-7.5 10.3-7.5 10.3Z"
        fill={filled ? 'currentColor' : 'none'}
      />
    </Svg>
  );
}
