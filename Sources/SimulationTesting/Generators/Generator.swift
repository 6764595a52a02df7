import SimulationKernel

/// A seeded recipe for random values of one type, which also knows how to shrink them.
///
/// A generator draws all its randomness from a `SeededGenerator`, so the same
/// seed always gives the same value, on any platform and Swift version.
/// Every value comes with simpler candidates to try when a property fails,
/// and the combinators (`map`, `flatMap`, `zip`, `array(length:)`,
/// `oneOf(_:)`) carry the shrinking of their parts along:
///
/// ```swift
/// struct Job { var name: String; var delays: [Int] }
///
/// let jobs = Generator.zip(
///     .element(of: ["refresh", "upload", "sync"]),
///     Generator.int(in: 0...60).array(length: 0...8)
/// ).map { Job(name: $0, delays: $1) }
/// ```
///
/// A generator holds closures that need not be `Sendable`, so it is not
/// `Sendable` either: build generators in the test, or in computed
/// properties (`static var jobs: Generator<Job> { ... }`), not in global constants.
public struct Generator<Value> {
    let makeTree: (inout SeededGenerator) -> Shrinkable<Value>

    init(makeTree: @escaping (inout SeededGenerator) -> Shrinkable<Value>) {
        self.makeTree = makeTree
    }

    /// Creates a generator from a function that draws a value; its values never shrink.
    ///
    /// Draw only from `random`, never from Swift's `random` APIs, or the
    /// values stop being reproducible from the seed.
    public init(_ generate: @escaping (inout SeededGenerator) -> Value) {
        self.init { random in Shrinkable(generate(&random)) }
    }

    /// Creates a generator from a function that draws a value and one that lists simpler candidates.
    ///
    /// `shrink` returns the candidates for a value, simplest first; it is
    /// applied again to each candidate that still fails, so it must lead to
    /// values that eventually have no candidates (for example by always
    /// making a value strictly smaller).
    public init(
        _ generate: @escaping (inout SeededGenerator) -> Value,
        shrink: @escaping (Value) -> [Value]
    ) {
        self.init { random in Shrinkable.unfold(generate(&random), shrink) }
    }

    /// Draws one value from `random`.
    public func generate(using random: inout SeededGenerator) -> Value {
        makeTree(&random).value
    }

    /// A generator that always gives `value`.
    public static func always(_ value: Value) -> Generator<Value> {
        Generator { _ in Shrinkable(value) }
    }

    /// A generator of this generator's values transformed by `transform`; shrinks as this one does.
    public func map<T>(_ transform: @escaping (Value) -> T) -> Generator<T> {
        Generator<T> { random in makeTree(&random).map(transform) }
    }

    /// A generator whose second step depends on this one's value, for example a count and then that many items.
    ///
    /// Shrinks this generator's value first, regenerating the dependent value
    /// from the same seed each time, then the dependent value itself; once the
    /// dependent value is as simple as it gets, tries this value's candidates
    /// again, since a simpler dependent value may have made them fail too.
    ///
    /// Prefer ``zip(_:_:)`` when the second value does not depend on the
    /// first: a dependent value regenerated for a new first value starts over
    /// unshrunk, so `flatMap` shrinks less well.
    public func flatMap<T>(_ transform: @escaping (Value) -> Generator<T>) -> Generator<T> {
        Generator<T> { random in
            let outer = makeTree(&random)
            let innerSeed = random.split()
            func bind(_ node: Shrinkable<Value>) -> Shrinkable<T> {
                var innerRandom = innerSeed
                let inner = transform(node.value).makeTree(&innerRandom)
                return Shrinkable<T>(inner.value) {
                    let outerShrinks = node.shrinks().lazy.map(bind)
                    let innerShrinks = inner.shrinks().lazy.map { attach(node, $0) }
                    return AnySequence([AnySequence(outerShrinks), AnySequence(innerShrinks)].joined())
                }
            }
            func attach(_ node: Shrinkable<Value>, _ inner: Shrinkable<T>) -> Shrinkable<T> {
                Shrinkable<T>(inner.value) {
                    let innerShrinks = inner.shrinks().lazy.map { attach(node, $0) }
                    let outerShrinks = node.shrinks().lazy.map(bind)
                    return AnySequence([AnySequence(innerShrinks), AnySequence(outerShrinks)].joined())
                }
            }
            return bind(outer)
        }
    }
}
