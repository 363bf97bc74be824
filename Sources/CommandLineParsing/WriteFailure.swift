import Foundation

/// Why a file could not be written, found on the file system after the write failed, and the one plain
/// line every executable prints for it: the path and the reason, with no system error domain or code.
package struct WriteFailure: Sendable, Equatable {
    /// The folder the file would be in (`.` for a bare name).
    package var folder: String
    package var folderExists: Bool
    /// Whether the current user may create files in `folder`.
    package var folderIsWritable: Bool
    /// Whether the path itself names a folder.
    package var pathIsFolder: Bool

    package init(folder: String, folderExists: Bool, folderIsWritable: Bool, pathIsFolder: Bool) {
        self.folder = folder
        self.folderExists = folderExists
        self.folderIsWritable = folderIsWritable
        self.pathIsFolder = pathIsFolder
    }

    /// What the file system says now of `path` and its folder.
    package init(probing path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let parent = folder.isEmpty ? "." : folder
        var isFolder: ObjCBool = false
        let pathIsFolder = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        self.init(
            folder: parent, folderExists: FileManager.default.fileExists(atPath: parent),
            folderIsWritable: FileManager.default.isWritableFile(atPath: parent), pathIsFolder: pathIsFolder
        )
    }

    /// `cannot write PATH: REASON`, ending in a newline, the most specific reason first.
    package func line(for path: String) -> String {
        let reason: String
        if pathIsFolder {
            reason = "it is a folder"
        } else if !folderExists {
            reason = "there is no folder \(folder)"
        } else if !folderIsWritable {
            reason = "the folder \(folder) is not writable"
        } else {
            reason = "the file could not be written"
        }
        return "cannot write \(path): \(reason)\n"
    }

    /// `cannot create the folder FOLDER: REASON`, ending in a newline, for a folder that could not be
    /// created (`pathIsFolder` then means it exists already, as a folder or a file).
    package func line(forFolder path: String) -> String {
        let reason: String
        if pathIsFolder {
            reason = "it exists"
        } else if !folderExists {
            reason = "there is no folder \(folder)"
        } else if !folderIsWritable {
            reason = "the folder \(folder) is not writable"
        } else {
            reason = "the folder could not be created"
        }
        return "cannot create the folder \(path): \(reason)\n"
    }
}
