import TextFormats

/// An HTTP request as the backend's handlers see it.
public struct HTTPRequest: Hashable, Sendable {
    /// The HTTP method, such as `POST`.
    public var method: String
    /// The request path, such as `/api/enrichment/cancel`.
    public var path: String
    /// The request body's bytes, as received.
    public var body: [UInt8]
    /// The bearer token of the `Authorization: Bearer <token>` header, if the request has one.
    public var authorization: String?

    /// A request with these fields.
    public init(method: String, path: String, body: [UInt8], authorization: String? = nil) {
        self.method = method
        self.path = path
        self.body = body
        self.authorization = authorization
    }

    /// A request whose body is `text` in UTF-8.
    public init(method: String, path: String, bodyText: String, authorization: String? = nil) {
        self.init(method: method, path: path, body: Array(bodyText.utf8), authorization: authorization)
    }
}

/// An HTTP response with a JSON body (encoded canonically, so responses compare byte for byte).
public struct HTTPResponse: Hashable, Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The JSON body, encoded canonically when sent.
    public var body: JSONValue

    public init(status: Int, body: JSONValue) {
        self.status = status
        self.body = body
    }

    /// The body as sent.
    public var bodyText: String { body.encodedString() }

    /// The error code of an error body (`{"success": false, "error": {"code": …}}`), if any.
    public var errorCode: String? {
        body["error"]?["code"]?.string
    }
}
