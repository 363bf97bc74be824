import Foundation

/// The machine a report was made on, so that figures from different machines are not compared blindly.
public struct MachineInfo: Sendable, Equatable, Codable {
    public var hostName: String
    /// `ProcessInfo.activeProcessorCount`.
    public var activeProcessorCount: Int
    public var physicalMemoryBytes: UInt64
    /// `ProcessInfo.operatingSystemVersionString`.
    public var operatingSystem: String

    public init(hostName: String, activeProcessorCount: Int, physicalMemoryBytes: UInt64, operatingSystem: String) {
        self.hostName = hostName
        self.activeProcessorCount = activeProcessorCount
        self.physicalMemoryBytes = physicalMemoryBytes
        self.operatingSystem = operatingSystem
    }

    /// The machine this process runs on.
    public static func current() -> MachineInfo {
        let info = ProcessInfo.processInfo
        return MachineInfo(
            hostName: info.hostName,
            activeProcessorCount: info.activeProcessorCount,
            physicalMemoryBytes: info.physicalMemory,
            operatingSystem: info.operatingSystemVersionString
        )
    }
}
