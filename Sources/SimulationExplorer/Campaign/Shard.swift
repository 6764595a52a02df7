/// One part of a campaign split across machines: shard `index` of `count` runs the runs whose index is `index - 1` modulo `count`.
///
/// Interleaving rather than cutting in blocks keeps the shards' work even
/// (run 0, the unperturbed one, is in shard 1). Shard results are combined
/// with ``CampaignResult/merged(_:)``, which gives the same result as the
/// whole campaign on one machine.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which shard, from 1.
    public var index: Int
    /// How many shards.
    public var count: Int

    /// Creates a shard; `index` must be in `1...count`.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "a shard is K/N with 1 <= K <= N")
        self.index = index
        self.count = count
    }

    /// Reads `K/N`, as `--shard` takes it; nil when malformed.
    package init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isWholeNumber } }),
              let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether run `run` belongs to this shard.
    package func contains(_ run: Int) -> Bool { run % count == index - 1 }

    /// The runs of this shard among the first `runs`, in order.
    package func runs(of runs: Int) -> [Int] {
        Array(stride(from: index - 1, to: runs, by: count))
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }
}
