import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicAddressesAnd } from './address-policy.ts';

/** The SSRF rule of calendar import (docs/decisions/053): only public unicast addresses. */
describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', '"this network" 0/8'],
    ['0.1.2.3', '0/8'],
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8'],
    ['100.64.0.1', 'carrier-grade NAT 100.64/10'],
    ['100.127.255.254', 'carrier-grade NAT 100.64/10'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback 127/8'],
    ['169.254.169.254', 'link-local / cloud metadata'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf::1', 'link-local fe80::/10'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex (as URL parsing writes it)'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata, hex'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2001:db8::1', 'documentation'],
    ['not-an-ip', 'not an address'],
  ])('%s is refused (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '169.253.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('an allowance names exact addresses or address:port pairs, nothing else', () => {
    const policy = publicAddressesAnd(['127.0.0.1:4100']);
    expect(policy('127.0.0.1', 4100)).toBe(true);
    expect(policy('127.0.0.1', 4101)).toBe(false);
    expect(policy('10.0.0.1', 4100)).toBe(false);
    expect(policy('8.8.8.8', 80)).toBe(true);
    expect(publicAddressesAnd(['127.0.0.1'])('127.0.0.1', 1)).toBe(true);
  });
});
