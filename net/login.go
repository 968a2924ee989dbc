package net

import (
	"encoding/binary"
	"fmt"
	"github.com/dereth/dereth/internal/cursor"

	"github.com/dereth/dereth/internal/cp1252"
)

// Auth types of a LoginRequest.
const (
	AuthAccountPassword uint32 = 2
	AuthGLSTicket       uint32 = 3
)

// ClientVersion is the end-of-retail client's version string.
const ClientVersion = "1802"

// LoginRequestBody is the LoginRequest section (net-format.md §6 step 1).
type LoginRequestBody struct {
	ClientVersion string
	AuthType      uint32
	AuthFlags     uint32
	Timestamp     uint32
	Account       string
	LoginAs       string
	Password      string // the password (auth type 2) or GLS ticket (3)
}

// String masks the password so a body can be logged.
func (l LoginRequestBody) String() string {
	return fmt.Sprintf("LoginRequest{version %q, auth %d, flags %d, timestamp %d, account %q, login-as %q, password: %d chars}",
		l.ClientVersion, l.AuthType, l.AuthFlags, l.Timestamp, l.Account, l.LoginAs, len(l.Password))
}

// string16L reads a String16L: u16 length, cp1252 text, zero padding to a
// multiple of 4 counting the length.
func (d *dec) string16L(field string) string {
	at := d.Off
	n := int(d.u16(field))
	if d.err != nil {
		return ""
	}
	if len(d.B)-d.Off < n {
		d.Off = at
		d.need(field, 2+n)
		return ""
	}
	s := cp1252.Decode(d.B[d.Off : d.Off+n])
	d.Off += n
	if pad := (4 - (2+n)%4) % 4; pad > 0 && d.need(field+"_pad", pad) {
		d.Off += pad
	}
	return s
}

// appendString16L writes a String16L (text longer than 65,535 bytes is cut).
func appendString16L(dst []byte, s string) []byte {
	b, _ := cp1252.Encode(s)
	if len(b) > 0xFFFF {
		b = b[:0xFFFF]
	}
	dst = binary.LittleEndian.AppendUint16(dst, uint16(len(b)))
	dst = append(dst, b...)
	for pad := (4 - (2+len(b))%4) % 4; pad > 0; pad-- {
		dst = append(dst, 0)
	}
	return dst
}

// DecodeLoginRequest decodes a LoginRequest section (Packet.Login). Bytes
// past the declared length are an error.
func DecodeLoginRequest(b []byte) (LoginRequestBody, error) {
	var l LoginRequestBody
	d := dec{Cursor: cursor.Cursor{B: b}, what: "LoginRequest"}
	l.ClientVersion = d.string16L("client_version")
	at := d.Off
	rest := d.u32("length")
	if d.err == nil && uint64(rest) != uint64(len(b)-d.Off) {
		d.fail("length", at, "says %d bytes follow, %d do", rest, len(b)-d.Off)
	}
	l.AuthType = d.u32("auth_type")
	l.AuthFlags = d.u32("auth_flags")
	l.Timestamp = d.u32("timestamp")
	l.Account = d.string16L("account")
	l.LoginAs = d.string16L("login_as")
	if l.AuthType == AuthAccountPassword || l.AuthType == AuthGLSTicket {
		l.Password = d.string32L("password")
	}
	if d.err == nil && d.Off != len(b) {
		d.fail("trailing", d.Off, "%d bytes after the login request", len(b)-d.Off)
	}
	return l, d.err
}

// string32L reads the LoginRequest's String32L: u32 count of the bytes
// that follow, then the text's length as a packed word (one byte below
// 0x80, else two: 0x80|high, low), then the text.
func (d *dec) string32L(field string) string {
	at := d.Off
	count := d.u32(field + "_count")
	if d.err != nil || count == 0 {
		return ""
	}
	if uint64(count) > uint64(len(d.B)-d.Off) {
		d.fail(field+"_count", at, "count %d, %d bytes left", count, len(d.B)-d.Off)
		return ""
	}
	start := d.Off
	if !d.need(field+"_length", 1) {
		return ""
	}
	n := int(d.B[d.Off])
	d.Off++
	if n&0x80 != 0 {
		if !d.need(field+"_length", 1) {
			return ""
		}
		n = (n&0x7F)<<8 | int(d.B[d.Off])
		d.Off++
	}
	if d.Off-start+n != int(count) {
		d.fail(field+"_length", start, "length %d does not fill count %d", n, count)
		return ""
	}
	s := cp1252.Decode(d.B[d.Off : d.Off+n])
	d.Off += n
	return s
}

// appendString32L writes a String32L (text longer than 0x7FFF bytes is cut).
func appendString32L(dst []byte, s string) []byte {
	b, _ := cp1252.Encode(s)
	if len(b) > 0x7FFF {
		b = b[:0x7FFF]
	}
	if len(b) == 0 {
		return binary.LittleEndian.AppendUint32(dst, 0)
	}
	if len(b) < 0x80 {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(1+len(b)))
		dst = append(dst, byte(len(b)))
	} else {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(2+len(b)))
		dst = append(dst, 0x80|byte(len(b)>>8), byte(len(b)))
	}
	return append(dst, b...)
}

// AppendLoginRequest appends the LoginRequest section for l.
func AppendLoginRequest(dst []byte, l *LoginRequestBody) []byte {
	dst = appendString16L(dst, l.ClientVersion)
	at := len(dst)
	dst = append(dst, 0, 0, 0, 0)
	dst = binary.LittleEndian.AppendUint32(dst, l.AuthType)
	dst = binary.LittleEndian.AppendUint32(dst, l.AuthFlags)
	dst = binary.LittleEndian.AppendUint32(dst, l.Timestamp)
	dst = appendString16L(dst, l.Account)
	dst = appendString16L(dst, l.LoginAs)
	if l.AuthType == AuthAccountPassword || l.AuthType == AuthGLSTicket {
		dst = appendString32L(dst, l.Password)
	}
	binary.LittleEndian.PutUint32(dst[at:], uint32(len(dst)-at-4))
	return dst
}
