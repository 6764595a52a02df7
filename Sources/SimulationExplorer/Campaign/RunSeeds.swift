/// The seeds of a campaign's runs: SplitMix64 of the campaign seed, indexed, so any run's seed is known without the others.
///
/// Run *i* of campaign seed *s* gets the (*i* + 1)-th output of SplitMix64
/// started at *s* (Steele, Lea and Flood, "Fast splittable pseudorandom
/// number generators", OOPSLA 2014). The state after *n* steps is
/// *s* + *n*·γ, so a shard or a worker computes its runs' seeds directly,
/// and every partition of the runs gets the same seeds: the reason results
/// are the same for any `--jobs` and any `--shard`. bgsim's own code, never
/// Swift's random APIs, whose algorithms may change.
enum RunSeeds {
    /// SplitMix64's increment, the golden gamma.
    static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The seed of run `index` of the campaign seeded with `campaignSeed`.
    static func seed(campaign campaignSeed: UInt64, index: Int) -> UInt64 {
        mix(campaignSeed &+ UInt64(index + 1) &* gamma)
    }

    /// SplitMix64's output function.
    static func mix(_ state: UInt64) -> UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
