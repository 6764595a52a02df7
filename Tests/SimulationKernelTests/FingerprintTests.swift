import SimulationKernel
import Testing

@Suite struct FingerprintTests {
    @Test(arguments: [
        ("", "cbf29ce484222325"),
        ("a", "af63dc4c8601ec8c"),
        ("foobar", "85944171f73967e8"),
    ])
    func fnv1aTestVectors(text: String, hash: String) {
        var fingerprint = Fingerprint()
        fingerprint.combine(text)
        #expect(fingerprint.description == hash)
        #expect(fingerprint.value == UInt64(hash, radix: 16))
    }

    @Test func combiningInPiecesEqualsCombiningAtOnce() {
        var pieces = Fingerprint()
        pieces.combine("foo")
        pieces.combine(Array("bar".utf8))
        var whole = Fingerprint()
        whole.combine("foobar")
        #expect(pieces == whole)
        #expect(Fingerprint().value == 0xCBF2_9CE4_8422_2325)
    }

    @Test func descriptionIsAlwaysSixteenDigits() {
        for text in ["", "a", "b", "trace", "é", "0", "\u{0}"] {
            var fingerprint = Fingerprint()
            fingerprint.combine(text)
            #expect(fingerprint.description.count == 16)
            #expect(UInt64(fingerprint.description, radix: 16) == fingerprint.value)
        }
    }

    @Test func bytesChangeTheHash() {
        var a = Fingerprint()
        a.combine("ab")
        var b = Fingerprint()
        b.combine("ba")
        #expect(a != b)
    }
}
