/// The look-alike of `BGProcessingTask`: minutes of work while the device is idle.
public final class BGProcessingTask: BGTask, @unchecked Sendable {}
