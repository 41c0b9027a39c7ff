// Which network addresses a page the model asks for may be fetched from. A model (or a page that
// talks to it) choosing the URL must not reach the user's own machine, router, LAN services or a
// cloud metadata endpoint, so only public unicast addresses pass: loopback, private, link-local,
// unique-local, carrier-grade NAT, multicast, reserved and the IPv6 forms that embed an IPv4
// address (mapped, 6to4, Teredo, NAT64) are refused. ipaddr.js keeps the ranges (IANA registries).
import ipaddr from 'ipaddr.js'

/** Decides whether Keel may connect to one resolved address (an IPv4 or IPv6 literal). */
export type AddressPolicy = (address: string) => boolean

/** The policy of every real fetch: public unicast addresses only. */
export const publicAddressesOnly: AddressPolicy = (address) => {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6
    // An IPv4-mapped address is that IPv4 address: judged as one.
    if (v6.isIPv4MappedAddress()) return publicAddressesOnly(v6.toIPv4Address().toString())
    return v6.range() === 'unicast'
  }
  return parsed.range() === 'unicast'
}
