/// Wall-clock timing for the bench: the one place in bgsim that reads a real clock.
///
/// Simulations never see it; it only measures how long they took. Figures are
/// integers (nanoseconds, counts and rates) like everything else bgsim writes.
enum Stopwatch {
    /// Runs `body` and returns its result and the wall time it took, in nanoseconds (at least 1).
    static func time<T>(_ body: () throws -> T) rethrows -> (result: T, nanoseconds: Int64) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = start.duration(to: clock.now)
        let (seconds, attoseconds) = elapsed.components
        return (result, max(1, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    /// Runs `body` `trials` times and keeps the fastest trial: noise on a shared machine only ever adds time.
    static func best<T>(of trials: Int, _ body: () throws -> T) rethrows -> (result: T, nanoseconds: Int64) {
        var best = try time(body)
        for _ in 1..<max(1, trials) {
            let next = try time(body)
            if next.nanoseconds < best.nanoseconds { best = next }
        }
        return best
    }

    /// `count` per second, given the `nanoseconds` it took.
    static func rate(_ count: Int, nanoseconds: Int64) -> Int64 {
        Int64((Double(count) * 1e9 / Double(max(1, nanoseconds))).rounded())
    }
}
