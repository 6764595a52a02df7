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

    @Test func negationAndRemainderSaturateOrKeepTheSign() {
        #expect(-VirtualDuration.seconds(2) == .seconds(-2))
        #expect(-VirtualDuration(nanoseconds: .min) == .max)
        #expect(VirtualDuration.seconds(7) % .seconds(3) == .seconds(1))
        #expect(VirtualDuration.seconds(-7) % .seconds(3) == .seconds(-1))
    }

    @Test func textReadsAndWritesSpans() throws {
        #expect(try TimeText.duration("1m30s") == .seconds(90))
        #expect(TimeText.format(.milliseconds(65_250)) == "1m05.250s")
        #expect(TimeText.formatExact(.milliseconds(1500)) == "1500ms")
    }

    @Test func aDrawOverSpansDrawsWhatTheIntegersDrew() {
        let integers = Kernel(seed: 9)
        let spans = Kernel(seed: 9)
        for _ in 0..<100 {
            let number: Int64 = integers.draw("jitter", in: -5_000...5_000)
            #expect(spans.draw("jitter", in: VirtualDuration.nanoseconds(-5_000)...VirtualDuration.nanoseconds(5_000)) == .nanoseconds(number))
        }
    }

    @Test func scheduleAfterASpanRunsThen() {
        let kernel = Kernel(seed: 1)
        var instants: [VirtualInstant] = []
        kernel.schedule(after: .milliseconds(3)) { instants.append(kernel.now) }
        kernel.schedule(after: .seconds(-1), label: "negative runs now") { instants.append(kernel.now) }
        _ = kernel.run()
        #expect(instants == [.zero, .zero + .milliseconds(3)])
    }
}
