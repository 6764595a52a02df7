import Foundation
import SimulationKernel
import SimulationSupport

/// `bgsim init [NAME]`: writes a starter scenario, refusing to replace a file.
struct InitCommand {
    var name: String?

    func execute(console: Console) -> Int32 {
        let name = name ?? "my-scenario"
        guard !name.isEmpty, !name.contains("/"), name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }) else {
            console.error("bgsim: error: \"\(QuotableText.quotable(name))\" is not a plain name; write for example \"sync-on-background\"\n")
            return ExitCode.usage
        }
        let path = name.hasSuffix(".json") ? name : name + ".json"
        let scenarioName = path.hasSuffix(".json") ? String(path.dropLast(5)) : path
        // O_EXCL: never replaces a file, even one created between a check and the write.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it already exists; choose another name or remove it" : String(cString: strerror(errno))
            console.error("bgsim: error: cannot write \(path): \(reason)\n")
            return errno == EEXIST ? ExitCode.usage : ExitCode.cannotWrite
        }
        let text = Array(StarterScenario.text(name: scenarioName).utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == text.count else {
            unlink(path)
            console.error("bgsim: error: cannot write \(path)\n")
            return ExitCode.cannotWrite
        }
        console.out("wrote \(path)\nNext: bgsim validate \(path) && bgsim run \(path)\n")
        return ExitCode.success
    }
}
