/**
 * Test fixture (NOT upstream): a self-signed P-256 certificate generated with
 * `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -subj /CN=platlint-test-ca`
 * for the caData checks. No private key is kept.
 */
export const TEST_CERT_PEM = `-----BEGIN CERTIFICATE-----
MIIBjTCCATOgAwIBAgIUHyUU2++e0Tp4lzqxtvVhRXLPhLYwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQcGxhdGxpbnQtdGVzdC1jYTAgFw0yNjExMjIwMjA2MDFaGA8y
MTI2MTAyOTAyMDYwMVowGzEZMBcGA1UEAwwQcGxhdGxpbnQtdGVzdC1jYTBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABKQZwdG4egF/81zWo3FrC5C5VH21ePk3gTJN
ULriOsbek76Z5yO+yY1a3Jd8I5DNoHhCtpUAurPTpDfEgU0HdTKjUzBRMB0GA1Ud
DgQWBBT/+DZmpqboiDTuOlvPeLpBXU2QxDAfBgNVHSMEGDAWgBT/+DZmpqboiDTu
OlvPeLpBXU2QxDAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIARr
fTQKR1bzXMhC5O/O9d/jaVYHDXVQqesx6rq9F4TAAiEA1yGCeYAJwtpBfaGfokEs
OIPeqO+zpGgjkVMC5hKFLJs=
-----END CERTIFICATE-----`;
