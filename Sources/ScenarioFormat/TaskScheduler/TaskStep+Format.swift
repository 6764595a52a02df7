import SimulationKernel
import SimulationSupport
import SimulationModel

extension StepFormat {
    /// `register`, `submit`, the cancellations, and what a launch handler does with its task.
    static let taskSteps: [StepFormat] = [
        StepFormat("register", read: register),
        StepFormat("submit", read: submit),
        StepFormat("cancelTaskRequest") { object in
            .task(.cancelTaskRequest(identifier: try object.keys("identifier").required(String.self, "identifier")))
        },
        StepFormat("cancelAllTaskRequests") { object in
            _ = try object.keys()
            return .task(.cancelAllTaskRequests)
        },
        StepFormat("setTaskExpirationHandler") { object in
            .task(.setTaskExpirationHandler(try object.keys("onExpiration").required(ExpirationBehavior.self, "onExpiration")))
        },
        StepFormat("setTaskCompleted") { object in
            .task(.setTaskCompleted(success: try object.keys("success").required(SuccessValue.self, "success")))
        },
        StepFormat("cancelWork") { object in
            _ = try object.keys()
            return .task(.cancelWork)
        },
        StepFormat("stopIfCancelled") { object in
            _ = try object.keys()
            return .task(.stopIfCancelled)
        },
        StepFormat("updateUI") { object in
            _ = try object.keys()
            return .task(.updateUI)
        },
    ]

    private static func register(_ object: StepObject) throws -> Step {
        let c = try object.keys("identifier", "launchHandler", "queue", "style", "isolation")
        let queue = c.contains(AnyKey("queue")) ? try c.choice("queue", among: ["main", "background"]) : "background"
        let style = c.contains(AnyKey("style")) ? try c.choice("style", among: ["completionHandler", "async"]) : "completionHandler"
        let isolation = c.contains(AnyKey("isolation"))
            ? HandlerIsolation(rawValue: try c.choice("isolation", among: HandlerIsolation.allCases.map(\.rawValue)))!
            : .nonisolated
        return .task(.register(
            identifier: try c.required(String.self, "identifier"), launchHandler: try c.required(String.self, "launchHandler"),
            onMainQueue: queue == "main", asyncHandler: style == "async", isolation: isolation))
    }

    private static func submit(_ object: StepObject) throws -> Step {
        let continuedKeys = ["title", "subtitle", "strategy", "requiredResources"]
        let processingKeys = ["requiresNetworkConnectivity", "requiresExternalPower"]
        let c = try object.keys(["identifier", "type", "earliestBegin"] + processingKeys + continuedKeys)
        let type = try c.choice("type", among: TaskKind.allCases.map(\.rawValue))
        let kind = TaskKind(rawValue: type)!
        if kind == .continuedProcessing {
            for key in processingKeys where c.contains(AnyKey(key)) {
                throw invalid(c.path(key), "\(key) is a BGProcessingTaskRequest property; continued processing requests do not have it")
            }
            let (request, earliestBegin) = try continuedRequest(c, kind: kind)
            return .task(.submit(request, earliestBegin: earliestBegin))
        }
        for key in continuedKeys where c.contains(AnyKey(key)) {
            throw invalid(c.path(key), "\(key) is a BGContinuedProcessingTaskRequest property; \(type) requests do not have it")
        }
        if kind == .appRefresh {
            for key in processingKeys where c.contains(AnyKey(key)) {
                throw invalid(c.path(key), "\(key) is a BGProcessingTaskRequest property; app refresh requests do not have it")
            }
        }
        let identifier = try c.required(String.self, "identifier")
        let earliestBegin = try c.optionalDuration("earliestBegin")
        let request = TaskRequest(
            identifier: identifier, kind: kind,
            requiresNetworkConnectivity: try c.optional(Bool.self, "requiresNetworkConnectivity") ?? false,
            requiresExternalPower: try c.optional(Bool.self, "requiresExternalPower") ?? false)
        return .task(.submit(request, earliestBegin: earliestBegin))
    }

    /// A `BGContinuedProcessingTaskRequest`: title, subtitle, strategy and resources, and the delay it may ask for.
    private static func continuedRequest(
        _ c: KeyedDecodingContainer<AnyKey>, kind: TaskKind
    ) throws -> (request: TaskRequest, earliestBegin: VirtualDuration?) {
        let strategy = c.contains(AnyKey("strategy"))
            ? SubmissionStrategy(rawValue: try c.choice("strategy", among: SubmissionStrategy.allCases.map(\.rawValue)))!
            : .queue
        let resources = try c.optional([String].self, "requiredResources") ?? []
        for (index, resource) in resources.enumerated() where resource != "gpu" {
            throw invalid(c.path("requiredResources") + [AnyKey(intValue: index)!],
                          "unknown resource \"\(resource)\"\(Suggestion.hint(for: resource, among: ["gpu"])); the only one is \"gpu\"")
        }
        let identifier = try c.required(String.self, "identifier")
        let earliestBegin = try c.optionalDuration("earliestBegin")
        let request = TaskRequest(
            identifier: identifier, kind: kind, title: try c.required(String.self, "title"),
            subtitle: try c.required(String.self, "subtitle"), strategy: strategy, requiresGPU: resources.contains("gpu"))
        return (request, earliestBegin)
    }
}
