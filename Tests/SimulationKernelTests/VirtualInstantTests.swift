import Foundation
import SimulationKernel
import Testing

@Suite struct VirtualInstantTests {
    @Test func addingSaturates() {
        #expect(VirtualInstant(nanoseconds: 5).adding(nanoseconds: 7).nanoseconds == 12)
        #expect(VirtualInstant(nanoseconds: .max - 1).adding(nanoseconds: 10) == .distantFuture)
        #expect(VirtualInstant(nanoseconds: .min + 1).adding(nanoseconds: -10) == .zero)
        #expect(VirtualInstant(nanoseconds: 10).nanoseconds(until: VirtualInstant(nanoseconds: 4)) == -6)
    }

    @Test func clockArithmeticUsesWholeNanoseconds() {
        let start = VirtualInstant.seconds(1)
        #expect(start.advanced(by: .milliseconds(1500)).nanoseconds == 2_500_000_000)
        #expect(start.duration(to: .seconds(3)) == .seconds(2))
        #expect(Duration.seconds(Int64.max).wholeNanoseconds == .max)
        #expect(Duration.seconds(Int64.min).wholeNanoseconds == .min)
        #expect(Duration.nanoseconds(-3).wholeNanoseconds == -3)
        #expect(Duration.milliseconds(1.5).wholeNanoseconds == 1_500_000)
        #expect(VirtualInstant.zero.advanced(by: .seconds(Int64.max)) == .distantFuture)
    }

    @Test func describesAndEncodesAsIntegers() throws {
        #expect(VirtualInstant(nanoseconds: 65_250_000_000).description == "1m05.250s")
        let data = try JSONEncoder().encode([VirtualInstant(nanoseconds: 42)])
        #expect(String(decoding: data, as: UTF8.self) == "[42]")
        #expect(try JSONDecoder().decode([VirtualInstant].self, from: data) == [VirtualInstant(nanoseconds: 42)])
    }
}
