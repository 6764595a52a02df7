import Foundation
import Testing

/// No output file is lost or left behind: signals, failures, collisions, devices.
@Suite(.serialized) struct OutputFileTests {
    /// How a child process ended: the signal that killed it, or its exit status.
    enum Ending: Equatable {
        case signal(Int32)
        case exit(Int32)
    }

    /// Starts `tool` with `arguments`, output thrown away, as a shell would: every signal unblocked and at its default.
    ///
    /// Foundation's `Process` passes on the spawning thread's signal mask, and
    /// the threads tests run on block every signal, so a child it starts
    /// would never receive the signal sent to it.
    private func spawn(_ tool: URL, _ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([tool.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, tool.path, &actions, &attributes, argv, environ)
        guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EINVAL) }
        return pid
    }

    private func wait(for pid: pid_t) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7F
        return signal != 0 ? .signal(signal) : .exit((status >> 8) & 0xFF)
    }

    /// Starts the built bgsim on the runaway loop with a trace and a report, waits for its temporary files, and signals it.
    private func interruptedRun(signal: Int32) throws -> (ending: Ending, left: [String]) {
        let tool = try #require(builtToolURL(), "the bgsim executable was not found beside the tests")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try write(loopScenario(steps: RunawayRunTests.runawaySteps), to: "runaway.json", in: folder)
        let pid = try spawn(tool, [
            "run", scenario, "--trace", folder.appendingPathComponent("t.jsonl").path,
            "--report", folder.appendingPathComponent("r.html").path,
        ])
        // Both temporary files exist from the start of the run; the run itself takes seconds.
        func temporaryFiles() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }.count
        }
        var waited = 0
        while try temporaryFiles() < 2 && waited < 600 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 1
        }
        #expect(try temporaryFiles() == 2)
        kill(pid, signal)
        let ending = wait(for: pid)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "runaway.json" }
        return (ending, left)
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalLeavesNoFileBehind(signal: Int32) throws {
        let run = try interruptedRun(signal: signal)
        #expect(run.left.isEmpty, "left behind: \(run.left)")
        // The process still ends as the signal says: the handler removes the files, then lets the signal through.
        #expect(run.ending == .signal(signal))
    }

    @Test func collidingOutputsAreRefusedBeforeAnythingIsWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let same = folder.appendingPathComponent("x").path
        let run = runTool(["run", "Scenarios/save-on-background.json", "--trace", same, "--report", same])
        #expect(run.status == 64)
        #expect(run.error.contains(#""--report" names the same file as "--trace""#))
        // Another spelling of the same file, and a hard link to an existing one, are the same file too.
        let spelled = runTool(["run", "Scenarios/save-on-background.json", "--markdown", same, "--perfetto", folder.path + "/./x"])
        #expect(spelled.status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let original = try write("keep", to: "a.json", in: folder)
        try FileManager.default.linkItem(atPath: original, toPath: folder.appendingPathComponent("b.json").path)
        let linked = runTool(["run", "Scenarios/save-on-background.json", "--trace", original, "--report", folder.path + "/b.json"])
        #expect(linked.status == 64)
        #expect(try String(contentsOfFile: original, encoding: .utf8) == "keep")
    }

    @Test func anOutputThatIsTheScenarioIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/save-on-background.json"), encoding: .utf8)
        let scenario = try write(text, to: "s.json", in: folder)
        let run = runTool(["run", scenario, "--trace", scenario])
        #expect(run.status == 64)
        #expect(run.error.contains(#""--trace" names the scenario file itself"#))
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.json"])
    }

    /// A device is written in place, never replaced by a regular file (as root, a rename over /dev/null succeeds).
    @Test func devicesAreWrittenInPlace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("r.html").path
        let full = runTool(["run", "Scenarios/save-on-background.json", "--trace", "/dev/full", "--report", report])
        #expect(full.status == 73)
        #expect(full.error.contains("cannot write /dev/full: No space left on device"))
        let null = runTool(["run", "Scenarios/save-on-background.json", "--trace", "/dev/null", "--report", report])
        #expect(null.status == 0)
        for device in ["/dev/null", "/dev/full"] {
            let type = try FileManager.default.attributesOfItem(atPath: device)[.type] as? FileAttributeType
            #expect(type == .typeCharacterSpecial, "\(device) is now \(String(describing: type))")
        }
        #expect(try !FileManager.default.contentsOfDirectory(atPath: "/dev").contains { $0.contains(".tmp-") })
        // The report of the failed run was never renamed into place, nor left as a temporary file; the second run's was.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["r.html"])
    }

    /// When one output cannot be written, none is: the others' temporary files go too.
    @Test func aFailedOutputTakesNoOtherWithIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool([
            "run", "Scenarios/save-on-background.json", "--trace", folder.appendingPathComponent("t.jsonl").path,
            "--report", folder.appendingPathComponent("r.html").path, "--markdown", "/dev/full",
        ])
        #expect(run.status == 73)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aFolderIsNotAnOutput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["run", "Scenarios/save-on-background.json", "--trace", folder.path])
        #expect(run.status == 73)
        #expect(run.error.contains("it is a folder"))
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = try write("old", to: "target.jsonl", in: folder)
        let link = folder.appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let run = runTool(["run", "Scenarios/save-on-background.json", "--trace", link])
        #expect(run.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix(#"{"bundleIdentifier""#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.jsonl", "target.jsonl"])
    }
}
