import SimulationKernel

extension Generator {
    /// A generator of pairs, drawing `first` and then `second`; shrinks the first, then the second.
    public static func zip<A, B>(_ first: Generator<A>, _ second: Generator<B>) -> Generator<(A, B)>
    where Value == (A, B) {
        Generator { random in
            let a = first.makeTree(&random)
            let b = second.makeTree(&random)
            return a.zip(b)
        }
    }

    /// A generator of triples, drawn and shrunk in order.
    public static func zip<A, B, C>(
        _ first: Generator<A>, _ second: Generator<B>, _ third: Generator<C>
    ) -> Generator<(A, B, C)> where Value == (A, B, C) {
        Generator<((A, B), C)>.zip(Generator<(A, B)>.zip(first, second), third).map { ($0.0, $0.1, $1) }
    }

    /// A generator of quadruples, drawn and shrunk in order.
    public static func zip<A, B, C, D>(
        _ first: Generator<A>, _ second: Generator<B>, _ third: Generator<C>, _ fourth: Generator<D>
    ) -> Generator<(A, B, C, D)> where Value == (A, B, C, D) {
        Generator<((A, B), (C, D))>.zip(Generator<(A, B)>.zip(first, second), Generator<(C, D)>.zip(third, fourth))
            .map { ($0.0, $0.1, $1.0, $1.1) }
    }

    /// A generator that picks one of `generators` with equal chances; shrinks toward the first.
    public static func oneOf(_ generators: Generator<Value>...) -> Generator<Value> {
        oneOf(weighted: generators.map { (1, $0) })
    }

    /// A generator that picks one of `choices` with chances proportional to the weights; shrinks toward the first.
    ///
    /// Weights must not be negative and must not all be zero. A choice of
    /// weight zero is never picked, not even while shrinking.
    ///
    /// ```swift
    /// let delay = Generator<Int>.oneOf(weighted: [
    ///     (8, .int(in: 0...10)),     // mostly short
    ///     (1, .int(in: 0...86_400)), // sometimes a day
    /// ])
    /// ```
    public static func oneOf(weighted choices: [(weight: Int, generator: Generator<Value>)]) -> Generator<Value> {
        precondition(!choices.isEmpty, "oneOf needs at least one generator")
        precondition(choices.allSatisfy { $0.weight >= 0 }, "oneOf weights must not be negative")
        let weights = choices.map { UInt64($0.weight) }
        let total = weights.reduce(0, +)
        precondition(total > 0, "oneOf needs at least one positive weight")
        let index = Generator<Int> { random in
            var draw = random.nextInt(below: total)
            var picked = 0
            while draw >= weights[picked] {
                draw -= weights[picked]
                picked += 1
            }
            return Shrinkable.unfold(picked) { index in
                halvingSteps(from: Int128(index), toward: 0).lazy.map { Int($0) }.filter { weights[$0] > 0 }
            }
        }
        return index.flatMap { choices[$0].generator }
    }
}
