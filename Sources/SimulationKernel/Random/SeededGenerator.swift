/// The run's only source of randomness: xoshiro256** seeded through SplitMix64.
///
/// Swift's `Int.random(in:)`, `shuffled()` and `randomElement()` may change
/// their algorithms between releases, so bgsim never calls them with this
/// generator. It draws bounded integers, probabilities and choices with its
/// own functions, which are part of the determinism contract.
///
/// References: Blackman and Vigna, "Scrambled linear pseudorandom number
/// generators" (xoshiro256**), and Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators" (SplitMix64). Bounded integers use
/// Lemire's multiply-and-reject method, which is unbiased.
public struct SeededGenerator: Sendable, Hashable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// The seed this generator was created with.
    public let seed: UInt64

    /// Creates a generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        var mixer = SplitMix64(state: seed)
        s0 = mixer.next()
        s1 = mixer.next()
        s2 = mixer.next()
        s3 = mixer.next()
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }  // the all-zero state is the one fixed point of xoshiro
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniformly distributed integer in `0..<bound`; `bound` must be positive.
    public mutating func nextInt(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "bound must be positive")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniformly distributed integer in `range`.
    public mutating func nextInt(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
        if span == .max { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: nextInt(below: span &+ 1))
    }

    /// A uniformly distributed integer in `range`.
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        Int(nextInt(in: Int64(range.lowerBound)...Int64(range.upperBound)))
    }

    /// True with probability `numerator / denominator`, decided in integers.
    public mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
        precondition(denominator > 0 && numerator <= denominator, "probability must be in 0...1")
        return nextInt(below: denominator) < numerator
    }

    /// True with the given probability, in parts per million.
    public mutating func chance(partsPerMillion: UInt64) -> Bool {
        chance(min(partsPerMillion, 1_000_000), in: 1_000_000)
    }

    /// One element of `elements`, chosen uniformly; nil when it is empty.
    public mutating func choose<C: Collection>(from elements: C) -> C.Element? {
        guard !elements.isEmpty else { return nil }
        let offset = Int(nextInt(below: UInt64(elements.count)))
        return elements[elements.index(elements.startIndex, offsetBy: offset)]
    }

    /// A new generator whose sequence is independent of this one's remaining sequence.
    ///
    /// Subsystems split their own streams so that one drawing more numbers
    /// does not shift another's choices.
    public mutating func split() -> SeededGenerator {
        SeededGenerator(seed: next())
    }

    @inline(__always)
    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}

/// SplitMix64, used to expand one 64-bit seed into generator state.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
