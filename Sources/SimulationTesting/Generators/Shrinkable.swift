/// A generated value together with the simpler values it may shrink to, computed on demand.
///
/// This is a rose tree: each candidate carries its own candidates, so that
/// shrinking composes through `map`, `flatMap`, `zip` and arrays without
/// every generator knowing how the others shrink ("integrated shrinking",
/// as in Hedgehog). Candidates come simplest first; the shrinker walks them
/// greedily and never needs more than the candidates of one node at a time.
struct Shrinkable<Value> {
    /// The generated value.
    var value: Value
    /// The simpler candidates, simplest first.
    var shrinks: () -> AnySequence<Shrinkable<Value>>

    init(_ value: Value, shrinks: @escaping () -> AnySequence<Shrinkable<Value>> = { AnySequence([]) }) {
        self.value = value
        self.shrinks = shrinks
    }

    /// A tree whose candidates are `candidates(value)`, recursively.
    static func unfold<Candidates: Sequence<Value>>(
        _ value: Value, _ candidates: @escaping (Value) -> Candidates
    ) -> Shrinkable<Value> {
        Shrinkable(value) {
            AnySequence(candidates(value).lazy.map { unfold($0, candidates) })
        }
    }

    func map<T>(_ transform: @escaping (Value) -> T) -> Shrinkable<T> {
        let shrinks = self.shrinks
        return Shrinkable<T>(transform(value)) {
            AnySequence(shrinks().lazy.map { $0.map(transform) })
        }
    }

    /// Both values; shrinks the first, then the second.
    func zip<Other>(_ other: Shrinkable<Other>) -> Shrinkable<(Value, Other)> {
        let first = self
        return Shrinkable<(Value, Other)>((first.value, other.value)) {
            let left = first.shrinks().lazy.map { $0.zip(other) }
            let right = other.shrinks().lazy.map { first.zip($0) }
            return AnySequence([AnySequence(left), AnySequence(right)].joined())
        }
    }
}

extension Shrinkable {
    /// An array of the trees' values that shrinks by removing chunks, then single
    /// elements, then by shrinking elements, never below `minimumLength`.
    static func array<Element>(_ trees: [Shrinkable<Element>], minimumLength: Int) -> Shrinkable<[Element]>
    where Value == [Element] {
        Shrinkable<[Element]>(trees.map(\.value)) {
            let count = trees.count
            // Chunk sizes halve from "everything removable" down to one element.
            var sizes: [Int] = []
            var size = count - minimumLength
            while size > 0 {
                sizes.append(size)
                size /= 2
            }
            let removals = sizes.lazy.flatMap { size in
                stride(from: 0, through: count - size, by: size).lazy.map { offset in
                    array(Array(trees[..<offset]) + trees[(offset + size)...], minimumLength: minimumLength)
                }
            }
            let elementShrinks = (0..<count).lazy.flatMap { index in
                trees[index].shrinks().lazy.map { candidate in
                    var copy = trees
                    copy[index] = candidate
                    return array(copy, minimumLength: minimumLength)
                }
            }
            return AnySequence([AnySequence(removals), AnySequence(elementShrinks)].joined())
        }
    }
}

/// Integers between `origin` and `value`, nearest `origin` first, halving the distance each step.
///
/// For 734 toward 0: 0, 367, 551, 643, 689, 712, 723, 729, 732, 733.
func halvingSteps(from value: Int128, toward origin: Int128) -> [Int128] {
    var steps: [Int128] = []
    var distance = value - origin
    while distance != 0 {
        steps.append(value - distance)
        distance /= 2
    }
    return steps
}
