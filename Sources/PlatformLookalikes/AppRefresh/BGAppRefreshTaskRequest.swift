/// The look-alike of `BGAppRefreshTaskRequest`.
public final class BGAppRefreshTaskRequest: BGTaskRequest, @unchecked Sendable {}
