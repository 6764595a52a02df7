/// `bgsim schema`: prints the JSON Schema of the scenario format (docs/scenario.schema.json).
struct SchemaCommand {
    func execute(console: Console) -> Int32 {
        console.out(ScenarioSchema.render())
        return ExitCode.success
    }
}
