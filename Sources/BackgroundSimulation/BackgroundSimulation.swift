// The module users import: one import gives the simulation, the look-alikes of Apple's API and the scenario format.
//
// Like swift-collections' `Collections`, it only re-exports the modules it is made of, so that a test target can
// write `import BackgroundSimulation` and use `Simulation`, `Scenario`, `UIApplication` and `BGTaskScheduler`
// without knowing how the package is layered.
@_exported import PlatformLookalikes
@_exported import ScenarioFormat
@_exported import SimulationModel
// The kernel too: the model's API reads and returns its values (`VirtualInstant`, `VirtualDuration` and their
// arithmetic, `RunLimits`, `Fingerprint`), and re-exporting only those types would leave their operators behind.
@_exported import SimulationKernel
