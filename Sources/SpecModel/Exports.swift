// The model's API speaks JSON values, CSV records and UTF-8 defects, so importing the model brings the
// text formats with it, as `NIO` brings `NIOCore`.
@_exported import TextFormats
