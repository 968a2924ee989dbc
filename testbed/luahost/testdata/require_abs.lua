require("/etc/passwd")
