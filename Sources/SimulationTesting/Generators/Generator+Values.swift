import SimulationKernel

extension Generator where Value: FixedWidthInteger {
    /// A generator of integers in `range`, uniformly distributed.
    ///
    /// Shrinks toward zero, or toward the bound nearer zero when `range` does
    /// not contain zero (so toward the low bound of a non-negative range),
    /// halving the distance at each step.
    public static func int(in range: ClosedRange<Value>) -> Generator<Value> {
        precondition(Value.bitWidth <= 64, "int(in:) supports integers of at most 64 bits")
        let low = Int128(range.lowerBound)
        let high = Int128(range.upperBound)
        let origin: Int128 = low > 0 ? low : (high < 0 ? high : 0)
        let span = UInt64(high - low)
        return Generator { random in
            let offset = span == .max ? random.next() : random.nextInt(below: span + 1)
            return Shrinkable.unfold(low + Int128(offset)) { halvingSteps(from: $0, toward: origin) }
                .map { Value($0) }
        }
    }
}

extension Generator where Value == Bool {
    /// A generator of `true` and `false` with equal chances; shrinks toward `false`.
    public static var bool: Generator<Bool> {
        Generator<Int>.int(in: 0...1).map { $0 == 1 }
    }
}

extension Generator {
    /// A generator of the elements of `elements`, each with equal chance; shrinks toward the first.
    public static func element(of elements: [Value]) -> Generator<Value> {
        precondition(!elements.isEmpty, "element(of:) needs at least one element")
        return Generator<Int>.int(in: 0...(elements.count - 1)).map { elements[$0] }
    }

    /// A generator of arrays of this generator's values, with a length drawn uniformly from `length`.
    ///
    /// Shrinks by removing chunks of elements (halving the chunk size down to
    /// single elements), never below `length.lowerBound`, then by shrinking
    /// the elements one at a time.
    public func array(length: ClosedRange<Int>) -> Generator<[Value]> {
        precondition(length.lowerBound >= 0, "array lengths cannot be negative")
        return Generator<[Value]> { random in
            let count = random.nextInt(in: length)
            var trees: [Shrinkable<Value>] = []
            trees.reserveCapacity(count)
            for _ in 0..<count { trees.append(makeTree(&random)) }
            return Shrinkable<[Value]>.array(trees, minimumLength: length.lowerBound)
        }
    }
}
