/// Overrides a run's random decisions by label: the seam for fault injection, exploration and replay.
///
/// Install one on ``Kernel/choiceStrategy``. At every choice point the kernel
/// first draws the seeded value from ``Kernel/random``, exactly as it does
/// with no strategy, then asks the strategy for the value to use. So a
/// strategy that overrides one label leaves every other decision, and every
/// other use of the generator, as the seed made them: forcing one choice
/// shifts nothing else except through what the model does with it.
///
/// The kernel clamps the answer into ``ChoicePoint/range``. A strategy must
/// be deterministic: its answer may depend on the choice point, on the
/// seeded value and on its own state, never on the clock, hashing or threads.
///
/// ```swift
/// /// Makes every launch as slow as the jitter allows.
/// final class SlowLaunches: ChoiceStrategy {
///     func value(at point: ChoicePoint, seeded: Int64) -> Int64 {
///         point.label.name == "launch.jitter" ? point.range.upperBound : seeded
///     }
/// }
/// kernel.choiceStrategy = SlowLaunches()
/// ```
package protocol ChoiceStrategy: AnyObject {
    /// The value to use at `point`: `seeded` to leave the decision to the seed, or any other value in the range.
    func value(at point: ChoicePoint, seeded: Int64) -> Int64
}
