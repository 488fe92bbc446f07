build-x/dealer/base/status.o: dealer/base/status.c dealer/base/base.h
dealer/base/base.h:
