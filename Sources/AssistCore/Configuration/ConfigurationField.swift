/// One JSON key of a ``Configuration``: how it is read into and written from
/// the property of the same name.
struct ConfigurationField {
    /// The JSON key, which is the property's name.
    let key: String
    /// Whether the setting is text, so a command-line value is taken literally.
    let takesText: Bool
    /// Reads the key's value into a configuration.
    let decode: (inout Configuration, JSONValue, ConfigurationPath) throws(ConfigurationError) -> Void
    /// Writes the key's value from a configuration.
    let encode: (Configuration) -> JSONValue

    /// The key `key`, stored at `property`, read and written with `codec`.
    init<Value>(_ key: String, _ property: WritableKeyPath<Configuration, Value>, _ codec: JSONCodec<Value>) {
        self.key = key
        self.takesText = codec.takesText
        self.decode = { configuration, value, path throws(ConfigurationError) in
            configuration[keyPath: property] = try codec.decode(value, path)
        }
        self.encode = { codec.encode($0[keyPath: property]) }
    }
}

extension Configuration {
    /// Every JSON key, one per stored property except the delegates.
    static var fields: [ConfigurationField] {
        [
            ConfigurationField("server", \.server, .server),
            ConfigurationField("autoStart", \.autoStart, .flag),
            ConfigurationField("destination", \.destination, .text),
            ConfigurationField("videoMode", \.videoMode, .choice),
            ConfigurationField("correlationId", \.correlationId, .text),
            ConfigurationField("auditName", \.auditName, .text),
            ConfigurationField("acceptSelfSignedCerts", \.acceptSelfSignedCerts, .flag),
            ConfigurationField("useCookies", \.useCookies, .flag),
            ConfigurationField("timeout", \.timeout, .seconds),
            ConfigurationField("sessionToken", \.sessionToken, .text),
            ConfigurationField("uui", \.uui, .text),
            ConfigurationField("retryIntervals", \.retryIntervals, .secondsList),
            ConfigurationField("maxReconnectTimeouts", \.maxReconnectTimeouts, .secondsList),
            ConfigurationField("initialConnectTimeout", \.initialConnectTimeout, .seconds),
            ConfigurationField("reconnectJitter", \.reconnectJitter, .choice),
            ConfigurationField("isAgentWindowOnTop", \.isAgentWindowOnTop, .flag),
            ConfigurationField("useTestMediaSources", \.useTestMediaSources, .flag),
            ConfigurationField("hidingTags", \.hidingTags, .tags),
            ConfigurationField("maskingTags", \.maskingTags, .tags),
            ConfigurationField("maskColor", \.maskColor, .color),
            ConfigurationField("addSharedDocCloseListener", \.addSharedDocCloseListener, .flag),
            ConfigurationField("keepAnnotationsOnChange", \.keepAnnotationsOnChange, .flag),
            ConfigurationField("screenShareScopes", \.screenShareScopes, .shareScopes),
            ConfigurationField("screenControl", \.screenControl, .flag),
            ConfigurationField("visitorName", \.visitorName, .text),
            ConfigurationField("queueStyle", \.queueStyle, .choice),
            ConfigurationField("minimumEstimatedWaitTime", \.minimumEstimatedWaitTime, .seconds),
            ConfigurationField("maximumEstimatedWaitTime", \.maximumEstimatedWaitTime, .seconds),
            ConfigurationField("allowMinimization", \.allowMinimization, .flag),
            ConfigurationField("allowURLPreview", \.allowURLPreview, .flag),
            ConfigurationField("defaultToMinimized", \.defaultToMinimized, .flag),
            ConfigurationField("allowBackgroundNotifications", \.allowBackgroundNotifications, .flag),
            ConfigurationField("remoteLoggingEnabled", \.remoteLoggingEnabled, .flag),
            ConfigurationField("keepSessionOnRestart", \.keepSessionOnRestart, .flag),
            ConfigurationField("sessionStateDirectory", \.sessionStateDirectory, .text),
            ConfigurationField("receivedFilesDirectory", \.receivedFilesDirectory, .text),
            ConfigurationField("chatTemplateURL", \.chatTemplateURL, .text),
            ConfigurationField("customerData", \.customerData, .stringMap),
            ConfigurationField("prechatFields", \.prechatFields, .prechatFields),
            ConfigurationField("prechatEntities", \.prechatEntities, .prechatEntities),
        ]
    }
}
