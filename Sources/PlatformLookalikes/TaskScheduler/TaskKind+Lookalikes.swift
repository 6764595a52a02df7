import SimulationModel

extension TaskKind {
    /// The look-alike classes of the kind's tasks and requests: the one switch that registers a kind with the
    /// look-alikes (the scenario format reads a kind's request properties from its class).
    package var lookalikes: (task: BGTask.Type, request: BGTaskRequest.Type) {
        switch self {
        case .appRefresh: (BGAppRefreshTask.self, BGAppRefreshTaskRequest.self)
        case .processing: (BGProcessingTask.self, BGProcessingTaskRequest.self)
        case .continuedProcessing: (BGContinuedProcessingTask.self, BGContinuedProcessingTaskRequest.self)
        #if BGSIM_FEATURE_DEMO
        case .demoMaintenance: (BGDemoMaintenanceTask.self, BGDemoMaintenanceTaskRequest.self)
        #endif
        }
    }
}
