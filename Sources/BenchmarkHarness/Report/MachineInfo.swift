import Foundation

/// The machine a report was made on, so that figures from different machines are not compared blindly.
package struct MachineInfo: Sendable, Equatable, Codable {
    /// The host's name (`ProcessInfo.hostName`); a baseline from another host gets a note.
    package var hostName: String
    /// `ProcessInfo.activeProcessorCount`.
    package var activeProcessorCount: Int
    /// The machine's physical memory, in bytes (`ProcessInfo.physicalMemory`).
    package var physicalMemoryBytes: UInt64
    /// `ProcessInfo.operatingSystemVersionString`.
    package var operatingSystem: String

    /// Builds a description of a machine from its host name, processor count, memory and operating system.
    package init(hostName: String, activeProcessorCount: Int, physicalMemoryBytes: UInt64, operatingSystem: String) {
        self.hostName = hostName
        self.activeProcessorCount = activeProcessorCount
        self.physicalMemoryBytes = physicalMemoryBytes
        self.operatingSystem = operatingSystem
    }

    /// The machine this process runs on.
    package static func current() -> MachineInfo {
        let info = ProcessInfo.processInfo
        return MachineInfo(
            hostName: info.hostName,
            activeProcessorCount: info.activeProcessorCount,
            physicalMemoryBytes: info.physicalMemory,
            operatingSystem: info.operatingSystemVersionString
        )
    }
}
