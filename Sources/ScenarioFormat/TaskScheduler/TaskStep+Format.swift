import PlatformLookalikes
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

    /// The properties of the request classes that have more than an identifier and an earliest begin, each with the
    /// words for a kind whose class lacks them (kept as the messages always said them), in the order they are
    /// refused. A kind's class is its look-alike's (`TaskKind.lookalikes`): no kind is named here.
    private static var classProperties: [(requestClass: BGTaskRequest.Type, keys: [String], words: (TaskKind) -> String)] {
        [
            (BGContinuedProcessingTaskRequest.self, ["title", "subtitle", "strategy", "requiredResources"], { $0.rawValue }),
            (BGProcessingTaskRequest.self, ["requiresNetworkConnectivity", "requiresExternalPower"], { $0.behavior.subjectName }),
        ]
    }

    private static func submit(_ object: StepObject) throws -> Step {
        let c = try object.keys(["identifier", "type", "earliestBegin"] + classProperties.reversed().flatMap(\.keys))
        let kind = TaskKind(rawValue: try c.choice("type", among: TaskKind.allCases.map(\.rawValue)))!
        let requestClass = kind.lookalikes.request
        for properties in classProperties where requestClass != properties.requestClass {
            for key in properties.keys where c.contains(AnyKey(key)) {
                throw invalid(c.path(key), "\(key) is a \(String(describing: properties.requestClass)) property; \(properties.words(kind)) requests do not have it")
            }
        }
        if requestClass == BGContinuedProcessingTaskRequest.self {
            let (request, earliestBegin) = try continuedRequest(c, kind: kind)
            return .task(.submit(request, earliestBegin: earliestBegin))
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
