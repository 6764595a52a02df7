/// The look-alike of `BGAppRefreshTask`: about 30 seconds to fetch fresh content.
public final class BGAppRefreshTask: BGTask, @unchecked Sendable {}
