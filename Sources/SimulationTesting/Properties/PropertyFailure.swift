/// A property that failed: the case that broke it, before and after shrinking, and the seeds to replay it.
public struct PropertyFailure<Value> {
    /// The seed of the whole run, from which every case seed is derived.
    public var runSeed: UInt64
    /// The seed of the failing case; `BGSIM_PROPERTY_CASE=<caseSeed>` runs this case alone.
    public var caseSeed: UInt64
    /// How many cases passed before this one.
    public var passedCases: Int
    /// The value the property first failed for.
    public var original: Value
    /// The simplest failing value shrinking found.
    public var shrunk: Value
    /// How many times shrinking found a simpler failing value.
    public var shrinkSteps: Int
    /// How many candidates shrinking tried.
    public var shrinkAttempts: Int
    /// What the property threw for ``shrunk``, when it threw rather than returned `false`.
    public var error: (any Error)?
}
