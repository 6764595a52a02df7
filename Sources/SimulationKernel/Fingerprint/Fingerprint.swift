/// A 64-bit FNV-1a hash over the canonical bytes of a trace.
///
/// Hand-written and fixed, unlike `Hasher`, which Swift seeds per process.
/// Same scenario, seed and bgsim version give the same fingerprint in any
/// process, debug or release.
public struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
    static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash so far.
    public private(set) var value: UInt64 = Fingerprint.offsetBasis

    /// A fingerprint of no bytes.
    package init() {}

    /// Folds `bytes` into the hash.
    package mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* Fingerprint.prime
        }
        value = hash
    }

    /// Folds the UTF-8 bytes of `text` into the hash.
    package mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine($0) }
    }

    /// Sixteen lowercase hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
