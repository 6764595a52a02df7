import SimulationKernel
import SimulationModel

/// The look-alike of `BGProcessingTaskRequest`.
public final class BGProcessingTaskRequest: BGTaskRequest, @unchecked Sendable {
    /// Whether the task needs a network connection. Default false.
    public var requiresNetworkConnectivity = false
    /// Whether the task needs the device to be charging. Default false.
    public var requiresExternalPower = false

    override var kind: TaskKind { .processing }

    /// Creates a request for a registered identifier.
    public override init(identifier: String) {
        super.init(identifier: identifier)
    }

    required package init(holding request: TaskRequest) {
        super.init(holding: request)
        requiresNetworkConnectivity = request.requiresNetworkConnectivity
        requiresExternalPower = request.requiresExternalPower
    }

    override func model(now: VirtualInstant) -> TaskRequest {
        var request = super.model(now: now)
        request.requiresNetworkConnectivity = requiresNetworkConnectivity
        request.requiresExternalPower = requiresExternalPower
        return request
    }
}
