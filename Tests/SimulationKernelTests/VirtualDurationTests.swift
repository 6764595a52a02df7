import SimulationKernel
import Testing

@Suite struct VirtualDurationTests {
    @Test func unitsAreWholeNanoseconds() {
        #expect(VirtualDuration.seconds(30).nanoseconds == 30_000_000_000)
        #expect(VirtualDuration.milliseconds(250).nanoseconds == 250_000_000)
        #expect(VirtualDuration.microseconds(3).nanoseconds == 3_000)
        #expect(VirtualDuration.minutes(15) == .seconds(900))
        #expect(VirtualDuration.hours(2) == .minutes(120))
        #expect(VirtualDuration.days(1) == .hours(24))
        #expect(VirtualDuration(.milliseconds(1.5)).nanoseconds == 1_500_000)
        #expect(VirtualDuration.seconds(2).duration == .seconds(2))
    }

    @Test func arithmeticSaturatesInsteadOfTrapping() {
        #expect(VirtualDuration.seconds(1) + .milliseconds(500) == .milliseconds(1500))
        #expect(VirtualDuration.seconds(1) - .seconds(3) == .seconds(-2))
        #expect(VirtualDuration.max + .seconds(1) == .max)
        #expect(VirtualDuration(nanoseconds: .min) - .seconds(1) == VirtualDuration(nanoseconds: .min))
        #expect(VirtualDuration.days(Int64.max).nanoseconds == .max)
        #expect(VirtualDuration.days(Int64.min).nanoseconds == .min)
        #expect(VirtualDuration.seconds(3) * 4 == .seconds(12))
        #expect(VirtualDuration.max * 2 == .max)
        #expect(VirtualDuration.max * -2 == VirtualDuration(nanoseconds: .min))
        #expect(VirtualDuration.seconds(10) / 4 == .milliseconds(2500))
        #expect(VirtualDuration.minutes(1) / .seconds(7) == 8)
    }

    @Test func instantsAndDurationsCombine() {
        let start = VirtualInstant(nanoseconds: 1_000)
        #expect((start + .nanoseconds(500)).nanoseconds == 1_500)
        #expect((start - .nanoseconds(400)).nanoseconds == 600)
        #expect(VirtualInstant(nanoseconds: 5_000) - start == .nanoseconds(4_000))
        #expect(start - VirtualInstant(nanoseconds: 5_000) == .nanoseconds(-4_000))
        #expect(VirtualInstant.distantFuture + .seconds(1) == .distantFuture)
        #expect(start - VirtualDuration(nanoseconds: .min) == .distantFuture)
        #expect(VirtualDuration.seconds(65).description == VirtualInstant(nanoseconds: 65_000_000_000).description)
    }
}
