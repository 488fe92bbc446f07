build-x/tests/check_trust_keys.o: tests/check_trust_keys.c \
 dealer/base/base.h tests/check_suites.h
dealer/base/base.h:
tests/check_suites.h:
