#if BGSIM_FEATURE_DEMO
/// The look-alike of the feature demo's task kind (`-DBGSIM_FEATURE_DEMO` only): maintenance work while the device
/// charges. Not an Apple class.
public final class BGDemoMaintenanceTask: BGTask, @unchecked Sendable {}
#endif
