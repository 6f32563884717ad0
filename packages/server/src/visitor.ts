/**
 * Who a request's address stands for, for every per-visitor limit (rate limits, one job per
 * engine, connections per address). An IPv4 address is one visitor. An IPv6 address counts by
 * its /64 network: a home line or a rented server gets a whole /64, so keyed by the full address
 * one visitor could be 2^64 visitors.
 */
import ipaddr from 'ipaddr.js';

const IPV6_NETWORK_GROUPS = 4;

export function visitorOf(address: string | undefined): string {
  if (address === undefined || !ipaddr.isValid(address)) return address ?? 'address-unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, IPV6_NETWORK_GROUPS);
  return `${network.map((group) => group.toString(16)).join(':')}::/64`;
}
