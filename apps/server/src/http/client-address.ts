import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key that limits per client address count under. An IPv4 address is its own key; an IPv6
 * address counts as its /64, because one subscriber usually holds a whole /64 and could otherwise
 * take a fresh address (and a fresh budget) for every request. IPv4-mapped IPv6 counts as IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // A trailing dotted quad stands for two groups; neither of them is in the /64.
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
