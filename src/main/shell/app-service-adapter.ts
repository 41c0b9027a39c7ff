import type { KeelAppService } from '../app/keel-app-service'
import type { AppServicePort } from './app-service-port'

/**
 * The shell's port on the transport-independent service: each window is a client, connected on
 * its first command; its run events go back through that window's sender only.
 */
export function toAppServicePort(service: KeelAppService): AppServicePort {
  const connected = new Set<string>()
  return {
    handle(command, request, client) {
      if (!connected.has(client.id)) {
        connected.add(client.id)
        service.connect(client.id, (envelope) => client.send(envelope))
      }
      return service.handle(command, request, { clientId: client.id })
    },
    disconnect(clientId) {
      connected.delete(clientId)
      service.disconnect(clientId)
    },
  }
}
