build-x/dealer/base/cp1252.o: dealer/base/cp1252.c dealer/base/base.h
dealer/base/base.h:
